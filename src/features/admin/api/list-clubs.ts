import { supabase } from '@/lib/supabase';

export interface AdminClub {
  id: number;
  name: string;
  shortName: string | null;
  logoUrl: string | null;
  league: string;
}

/** All clubs by name, for the match rows' club pickers. */
export async function listClubs(): Promise<AdminClub[]> {
  const { data, error } = await supabase.from('clubs').select('id, name, short_name, logo_url, league').order('name');
  if (error) throw error;
  return data.map((c) => ({ id: c.id, name: c.name, shortName: c.short_name, logoUrl: c.logo_url, league: c.league }));
}
