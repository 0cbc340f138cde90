import { pagePath } from '../../../lib/pages';

/** Which of my members a list shows: those who bound to me, or everyone further down. */
export const GENERATIONS = ['direct', 'indirect'] as const;
export type Generation = (typeof GENERATIONS)[number];

/**
 * The team lists and the leader's pages are not spec §2 pages (spec §7 has their calls, not their screens): they live
 * under community/ like the withdrawal record lives under its page (decision 067), and read their ids from the URL.
 */
export const COMMUNITY_ROUTES = {
  members: '/pages/community/members',
  leader: '/pages/community/leader',
  leaderMember: '/pages/community/leader/:uid',
} as const;

export const communityPaths = {
  centre: () => pagePath('community/index'),
  invite: () => pagePath('community/invite'),
  split: () => pagePath('community/set'),
  appearance: () => pagePath('community/setInfo'),
  members: (generation: Generation) => `${COMMUNITY_ROUTES.members}${generation === 'direct' ? '' : `?generation=${generation}`}`,
  leader: () => COMMUNITY_ROUTES.leader,
  leaderMember: (uid: number) => `${COMMUNITY_ROUTES.leaderMember.replace(':uid', String(uid))}`,
};

/** The list a `generation` query asks for; anything else is the direct list (the page's default). */
export function generationParam(raw: string | null): Generation {
  return raw === 'indirect' ? 'indirect' : 'direct';
}

/** A positive uid from the URL, or 0 (which no member has) when it is missing or malformed. */
export function uidParam(raw: string | undefined | null): number {
  return raw != null && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : 0;
}
