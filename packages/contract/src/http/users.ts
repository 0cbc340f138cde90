import * as z from 'zod/mini';
import { address, endpoint, freeText, SERIAL_ID_MAX, uid } from '../common.js';
import { uploadAddress } from './uploads.js';

export { balance, getUserInfo, userBadge, userInfo, type UserBadge, type UserInfo } from './user-info.js';

/** Longest nickname, in UTF-16 units after trimming: fits a chat header and a transfer confirmation on a 360 px screen. */
export const NICKNAME_MAX_LENGTH = 20;

/** A nickname as people type it: the shared free-text rules (trimmed, bounded, no control characters). */
export const nickname = freeText(NICKNAME_MAX_LENGTH);

/** The largest uid there can be: users.id is a PostgreSQL integer (a larger one would fail in the database, not be refused). */
export const MAX_UID = SERIAL_ID_MAX;

/**
 * The referrer by wallet address or by uid (the id an invite link carries as `?spread=`, which is the invite
 * code people pass on): exactly one of the two. An unknown one is refused with REFERRER_NOT_FOUND.
 */
const bindReferrerSchemas = {
  body: z
    .object({ address: z.optional(address), uid: z.optional(uid) })
    .check(z.refine((body) => (body.address === undefined) !== (body.uid === undefined), { message: 'give either address or uid' })),
  response: z.object({ invite_address: address }),
};

export const bindReferrer = endpoint('POST /api/binding', 'user', bindReferrerSchemas);

/** The spec's other names for binding a referrer (§7): the same body, rules, errors and answer as POST /api/binding. */
export const spreadReferrer = endpoint('POST /api/user/spread', 'user', bindReferrerSchemas);
export const addParent = endpoint('POST /api/user/addParent', 'user', bindReferrerSchemas);

/**
 * The profile page (spec §2 user/setInfo): a new nickname and/or avatar. The avatar must be an upload of the
 * caller's own (POST /api/upload first); null removes it. Someone else's upload is refused (AVATAR_INVALID).
 */
export const setUserInfo = endpoint('POST /api/user/setInfo', 'user', {
  body: z
    .strictObject({ nickname: z.optional(nickname), avatar: z.optional(z.nullable(uploadAddress)) })
    .check(z.refine((body) => body.nickname !== undefined || body.avatar !== undefined, { message: 'nothing to change' })),
  response: z.object({ nickname: z.string(), avatar: z.nullable(uploadAddress) }),
});
