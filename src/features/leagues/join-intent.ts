// "Unirme a la liga" asked for in this tab: tapped by a signed-in player, or a visitor's sign-in
// back to the invitation (/login?redirect=/liga/<code>?unirme=1, which says on screen that he
// will enter the liga: routes/login.tsx; every road from the invitation leads there,
// invite-roads.ts). `?unirme=1` alone never joins: any link can carry it, and a
// crafted one would put a signed-in player in a stranger's liga, whose members then read his
// picks after every deadline (the attack run on ligas, docs/decisions-log.md). Only this
// origin's pages write sessionStorage, and it lives as long as the tab.
const KEY = 'quinielazo.liga-join';

export function rememberJoinIntent(code: string): void {
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // Storage refused (a private window's quota): the player taps "Unirme" once more.
  }
}

/** Whether this tab asked to join the liga of `code`; the intent is used up. */
export function takeJoinIntent(code: string): boolean {
  try {
    if (sessionStorage.getItem(KEY) !== code) return false;
    sessionStorage.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}
