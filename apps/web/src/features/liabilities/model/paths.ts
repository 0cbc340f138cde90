/** Not spec §2 pages (decision 098): the public figures, and the signed-in user's own check (Mine links both). */
export const LIABILITIES_ROUTES = {
  published: '/pages/liabilities',
  verify: '/pages/user/liabilities',
} as const;
