/** The form in which usernames are compared and kept unique: `Ali` and `ali` are one account. */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFC').toLowerCase();
}
