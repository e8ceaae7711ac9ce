// The club list, read once by the screens that pick a club (favourite club, an admin's match rows).
import { supabase } from './supabase';

export interface Club {
  id: number;
  name: string;
  shortName: string | null;
  logoUrl: string | null;
  league: string;
}

/** Every club by name (168 rows: one read, filtered on the device). */
export async function listClubs(): Promise<Club[]> {
  const { data, error } = await supabase.from('clubs').select('id, name, short_name, logo_url, league').order('name');
  if (error) throw error;
  return data.map((c) => ({ id: c.id, name: c.name, shortName: c.short_name, logoUrl: c.logo_url, league: c.league }));
}
