/** The form in which names and codes a ward keeps unique are compared: one Unicode form (NFC), lower case. */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
