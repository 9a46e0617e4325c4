/** The user centre's small decisions, kept out of React so they are tested as plain functions. */

/** The menu entries a person sees: the team entries only for a signed-in agent. */
export function visibleEntries<E extends { agentOnly?: boolean }>(
  entries: readonly E[],
  signedIn: boolean,
  isAgent: boolean,
): E[] {
  return entries.filter((entry) => !entry.agentOnly || (signedIn && isAgent));
}

/** The name shown for a user: the nickname when there is one, else the username. */
export function displayName(user: { nickname: string; username: string }): string {
  return user.nickname || user.username;
}

/** The avatar's letter: the first of the name, upper case; a blank name gets a question mark. */
export function avatarInitial(name: string): string {
  return (name.trim().charAt(0) || '?').toUpperCase();
}

/**
 * A translated sentence cut where `marker` stands for a figure, so the figure can be rendered on
 * its own wherever the language puts it. A sentence without the marker is all "before".
 */
export function splitAtMarker(text: string, marker: string): [before: string, after: string] {
  const [before = '', after = ''] = text.split(marker);
  return [before, after];
}
