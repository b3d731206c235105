export function ManageProjectsPage() {
  return null;
}
