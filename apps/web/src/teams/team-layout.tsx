import { Outlet } from 'react-router';

/** Placeholder for the team layout (/t/:handle): badge, teams drawer and page title go here. */
export default function TeamLayout() {
  return <Outlet />;
}
