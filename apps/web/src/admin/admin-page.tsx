// PLACEHOLDER (lead): the admin UI helper builds the area (people, reports, teams, settings, health, audit).
/** /admin and /admin/:section: the instance administrators' area (decision 0028). */
export default function AdminPage() {
  return null;
}
