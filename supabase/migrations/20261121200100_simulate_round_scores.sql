-- /admin/simulate-scores: what every player would score with the results entered so far,
-- without writing anything. It runs the real referee (public.score_round, the one source of
-- truth) inside a subtransaction, reads the scores it produced and rolls the subtransaction
-- back, so the simulation can never drift from the scoring and leaves no trace (scores,
-- standings, referral_tracking and results_saved are all as before).

create function public.simulate_round_scores(quiniela_id_input bigint)
returns table (user_id uuid, username text, correct int, points int, bonus_details text[])
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  simulated jsonb;
begin
  if not (public.is_admin() or (select auth.role()) = 'service_role') then
    raise exception 'Acceso restringido a administradores.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.quinielas where id = quiniela_id_input) then
    raise exception 'Quiniela no encontrada.' using errcode = 'P0002';
  end if;

  begin
    -- Finalizing fires the scoring trigger; an already finalized round is scored again.
    update public.quinielas set results_saved = true where id = quiniela_id_input and not results_saved;
    if not found then
      perform public.score_round(quiniela_id_input);
    end if;
    select coalesce(jsonb_agg(jsonb_build_object(
             'user_id', s.user_id, 'username', p.username, 'correct', s.correct,
             'points', s.points, 'bonus_details', to_jsonb(s.bonus_details))), '[]'::jsonb)
      into simulated
      from public.scores s join public.profiles p on p.id = s.user_id
      where s.quiniela_id = quiniela_id_input;
    -- Undo everything above; `simulated` keeps its value.
    raise exception 'simulation' using errcode = 'QZSIM';
  exception when sqlstate 'QZSIM' then
    null;
  end;

  return query
    select r.user_id, r.username, r.correct, r.points, array(select jsonb_array_elements_text(r.bonus_details))
    from jsonb_to_recordset(simulated) as r (user_id uuid, username text, correct int, points int, bonus_details jsonb)
    order by r.points desc, r.correct desc, r.username;
end
$$;
comment on function public.simulate_round_scores(bigint) is
  'Admin: every player''s score for a round with the results entered so far, computed by score_round in a rolled-back subtransaction (writes nothing).';
revoke execute on function public.simulate_round_scores(bigint) from public, anon;
grant execute on function public.simulate_round_scores(bigint) to authenticated, service_role;
