export * from './assets.js';
export * from './constants.js';
export * from './languages.js';
export * from './money.js';
export * from './errors.js';
export * from './common.js';
export * as authApi from './http/auth.js';
export * as usersApi from './http/users.js';
export * as ledgerApi from './http/ledger.js';
export * as transferApi from './http/transfer.js';
export * as configApi from './http/config.js';
export * as marketApi from './http/market.js';
export * as securityApi from './http/security.js';
export * as withdrawalsApi from './http/withdrawals.js';
export * as depositsApi from './http/deposits.js';
export * as chargeApi from './http/charge.js';
export * as airdropsApi from './http/airdrops.js';
export * as incomesApi from './http/incomes.js';
export * as uploadsApi from './http/uploads.js';
export * as chatApi from './http/chat.js';
export * as chatUnreadApi from './http/chat-unread.js';
export * as chatSocket from './ws/chat-socket.js';
export * as contentApi from './http/content.js';
export * as aiApi from './http/ai.js';
export * as cardsApi from './http/cards.js';
export * as miningApi from './http/mining.js';
export * as pledgeApi from './http/pledge.js';
export * as communityApi from './http/community.js';
export * as shopApi from './http/shop.js';
export type { Goods, ShopAddress, ShopOrder, OrderStatus, OrderCounters, ShopAsset } from './http/shop.js';
export type { UserInfo, UserBadge } from './http/users.js';
export { MAX_UID, NICKNAME_MAX_LENGTH } from './http/users.js';
export { POSTING_KINDS, ENTRY_KINDS, SYSTEM_ONLY_POSTING_KINDS, type BillLine, type PostingKind, type EntryKind } from './http/ledger.js';
export type { Recipient, RecipientView } from './http/transfer.js';
export type { Lake } from './http/market.js';
export {
  WITHDRAWAL_ASSETS,
  WITHDRAWAL_STATUSES,
  type WithdrawalAsset,
  type WithdrawalStatus,
  type Withdrawal,
  type AdminWithdrawal,
} from './http/withdrawals.js';
export {
  DEPOSIT_ASSETS,
  DEPOSIT_STATUSES,
  RECHARGE_MODES,
  type DepositAsset,
  type DepositStatus,
  type RechargeMode,
  type Deposit,
  type AdminDeposit,
} from './http/deposits.js';
export { UPLOAD_FIELD, UPLOAD_MIME_TYPES, type UploadMimeType, type UploadAddress } from './http/uploads.js';
export { BNB_CHARGE_STATUSES, type BnbChargeStatus, type BnbCharge } from './http/charge.js';
export type { AirdropCampaign, AdminAirdropCampaign, UserAirdrop, AirdropClaim, AirdropRules, AirdropIneligible } from './http/airdrops.js';
export { REWARD_ASSET, REWARD_KINDS, rewardBillKind, type RewardKind, type RewardExplanation, type IncomeLine } from './http/incomes.js';
export * as rewardsApi from './http/rewards.js';
export { REWARD_RULES, RATE_RULES_LIST, LEVEL_RULES_LIST, type RewardRuleName, type RewardRule } from './http/rewards.js';
export type {
  ChatMessage,
  ConversationRef,
  ConversationSummary,
  Friend,
  FriendRequest,
  GroupDetails,
  GroupSummary,
  ServiceTicket,
  ChatPeer,
  MessageSender,
  SendMessageBody,
} from './http/chat.js';
export type { ClientFrame, ServerFrame, ServerFrameType, ToChatData } from './ws/chat-socket.js';
export {
  ARTICLE_KINDS,
  ARTICLE_CATEGORIES,
  type ArticleKind,
  type ArticleCategory,
  type ArticleSummary,
  type Article,
  type AdminArticle,
} from './http/content.js';
export {
  AI_MESSAGE_MAX,
  AI_MESSAGES_PER_MINUTE,
  type AiConversation,
  type AiMessage,
  type AiMessageStatus,
  type AiSource,
  type StreamEvent,
} from './http/ai.js';
export { businessEvent, BUSINESS_EVENT_TYPES, type BusinessEvent, type BusinessEventType } from './events.js';
export * as clockApi from './http/clock.js';
export {
  SESSION_STATES,
  MY_CARD_STATES,
  SALE_STATES,
  ORDER_STATES,
  SPLIT_MODES,
  CARD_HISTORY_EVENTS,
  type CardSession,
  type CardTypeRules,
  type StarterCardType,
  type MyCard,
  type CardHistoryLine,
  type MySale,
  type MarketListing,
  type CardOrder,
  type TradeRecord,
  type SplitSettings,
  type AdminCardType,
  type AdminCardSession,
  type CardSchedule,
} from './http/cards.js';
export type { MiningProduct, Miner, Bubble } from './http/mining.js';
export type { PledgeProduct, PledgePosition, PledgeQuote, PledgePayment } from './http/pledge.js';
export type { TeamFigures, TeamMember, LeaderMember, CommunityLevel } from './http/community.js';
export * as shareApi from './http/share.js';
export * as wechatApi from './http/wechat.js';
export * as phoneApi from './http/phone.js';
export { PHONE_CODE_LENGTH, PHONE_CODE_RESEND_SECONDS, PHONE_CODE_TTL_SECONDS, PHONE_CODE_MAX_ATTEMPTS, PHONE_PURPOSES } from './http/phone.js';
export { toE164, callingCode, PHONE_COUNTRIES, DEFAULT_PHONE_COUNTRY, type PhoneCountry } from './phone-number.js';
export type { ShareContent } from './http/share.js';
export * as gamesApi from './http/games.js';
export {
  GAME_ASSETS,
  CLIENT_SEED_MAX,
  ROUND_KINDS,
  type GameAsset,
  type GameTerms,
  type GameRound,
  type GameResult,
  type SeedState,
  type RaffleState,
} from './http/games.js';
export * from './games/fair.js';
export * from './games/outcomes.js';
export * as consoleApi from './http/console.js';
export * as reconciliationApi from './http/reconciliation.js';
export {
  RECONCILIATION_CHECKS,
  RECONCILIATION_STATUSES,
  type ReconciliationCheckName,
  type ReconciliationStatus,
  type ReconciliationCheck,
  type ReconciliationMismatch,
  type ReconciliationRun,
} from './http/reconciliation.js';
export type { RoleGrant, AuditEntry, OperatorUser, AdjustmentRequest, ApprovalPending, ApprovalRequest } from './http/console.js';
export { DASHBOARD_DAYS } from './http/console.js';
export * as liabilitiesApi from './http/liabilities.js';
export { LIABILITIES_HISTORY, type LiabilitiesSnapshot } from './http/liabilities.js';
export * from './proof-of-liabilities/index.js';
