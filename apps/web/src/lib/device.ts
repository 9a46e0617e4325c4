/**
 * A stable id for this browser, sent at login so a user can recognise their sessions. It is random
 * and local: it identifies the installation, not the person.
 */
const KEY = 'vela-device-id';

export function deviceId(): string {
  let id = localStorage.getItem(KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
  }
  return id;
}
