export function SchedulesPage() {
  return null;
}
