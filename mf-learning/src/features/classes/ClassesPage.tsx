export function ClassesPage() {
  return null;
}
