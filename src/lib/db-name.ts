// The name of the phone's app database (lib/db.ts), apart from Dexie: main.tsx checks whether it
// exists without loading the offline layer.
export const DB_NAME = 'quinielazo';
