/** The shape of one language's server messages: a string for every error code and auth state. */
import type { ErrorCode } from '@reef/contract';

export type MessageKey = ErrorCode | 'NO_TOKEN' | 'BAD_TOKEN' | 'TOKEN_EXPIRED' | 'OK' | 'ROUTE_NOT_FOUND' | 'APPROVAL_PENDING';

export type Catalogue = Record<MessageKey, string>;
