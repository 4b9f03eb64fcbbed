/**
 * Leaves the SPA with a real page load (spec §2: after sign-in the app starts fresh at the
 * target). Kept in its own module so component tests can replace it; jsdom cannot navigate.
 */
export function fullPageLoad(path: string): void {
  window.location.assign(path);
}
