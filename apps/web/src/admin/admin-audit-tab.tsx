// PLACEHOLDER (lead): the audit UI helper builds it (the whole instance's log, filterable by team too).
/** The admin area's "Audit log" tab (decision 0028). */
export function AdminAuditTab() {
  return null;
}
