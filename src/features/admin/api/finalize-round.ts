import { invokeAdminFunction } from './invoke-admin-function';

/**
 * Finalizes a round through the finalize-round function: results saved, seal checked, scored,
 * notices queued, each stamped on round_finalizations under `runId` as it commits (the screen
 * follows them there). A round finalized before (a correction) is scored again.
 */
export async function finalizeRound(roundId: number, runId: string): Promise<void> {
  await invokeAdminFunction('finalize-round', { quinielaId: roundId, runId });
}
