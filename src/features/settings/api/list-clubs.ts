import { supabase } from '@/lib/supabase';

export interface Club {
  id: number;
  name: string;
  shortName: string | null;
  logoUrl: string | null;
  league: string;
}

/** Every club by name, for the favourite-club picker (168 rows: one read, filtered on the device). */
export async function listClubs(): Promise<Club[]> {
  const { data, error } = await supabase.from('clubs').select('id, name, short_name, logo_url, league').order('name');
  if (error) throw error;
  return data.map((c) => ({ id: c.id, name: c.name, shortName: c.short_name, logoUrl: c.logo_url, league: c.league }));
}
