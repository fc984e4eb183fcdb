/** Cache keys of the interests feature: every change invalidates `all` (a member added changes the counts too). */
export const interestKeys = {
  all: ['interests'] as const,
  list: (search: string) => ['interests', 'list', search] as const,
  members: (interestId: number) => ['interests', 'members', interestId] as const,
};
