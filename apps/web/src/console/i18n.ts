/**
 * The console's strings in Traditional Chinese (the default, as in the app) and English (decision 085). Operators
 * are a few people: two languages to start; another is one more object of the same shape.
 */
import { useSyncExternalStore } from 'react';

const en = {
  'app.title': 'Reef Console',
  'signIn.title': 'Operator console',
  'signIn.lead': 'Sign in with an operator wallet.',
  'signIn.button': 'Sign in with wallet',
  'signIn.noWallet': 'No browser wallet found.',
  'signIn.notOperator': 'This wallet has no operator role. The console is closed to it.',
  'signIn.signOut': 'Sign out',
  'nav.dashboard': 'Dashboard',
  'nav.users': 'Users',
  'nav.withdrawals': 'Withdrawals',
  'nav.deposits': 'Recharges',
  'nav.audit': 'Audit log',
  'nav.roles': 'Roles',
  'nav.lakes': 'Lakes',
  'nav.mining': 'Mining products',
  'nav.pledge': 'Pledge products',
  'nav.cards': 'Card types',
  'nav.levels': 'Levels',
  'nav.rewards': 'Reward rules',
  'nav.share': 'Share content',
  'nav.desk': 'Service desk',
  'nav.group.overview': 'Overview',
  'nav.group.reviews': 'Reviews',
  'nav.group.configuration': 'Configuration',
  'nav.group.people': 'People',
  'role.administrator': 'Administrator',
  'role.operator': 'Operator',
  'role.auditor': 'Auditor',
  'role.service_agent': 'Service agent',
  'common.search': 'Search',
  'common.status': 'Status',
  'common.all': 'All',
  'common.previous': 'Previous',
  'common.next': 'Next',
  'common.page': 'Page {{page}} of {{pages}} · {{total}} rows',
  'common.csv': 'Export CSV',
  'common.loading': 'Loading…',
  'common.empty': 'Nothing here.',
  'common.failed': 'Could not load: {{message}}',
  'common.confirm': 'Confirm',
  'common.cancel': 'Cancel',
  'common.readOnly': 'Your role cannot do this.',
  'common.done': 'Done.',
  'common.actions': 'Actions',
  'common.created': 'Created',
  'common.amount': 'Amount',
  'common.asset': 'Asset',
  'common.user': 'User',
  'common.reason': 'Reason',
  'common.details': 'Details',
  'confirm.title': 'Confirm a second time',
  'confirm.typed': 'Type {{word}} to confirm',
  'dashboard.usersTotal': 'Users',
  'dashboard.usersToday': 'New today',
  'dashboard.withdrawalsWaiting': 'Withdrawals waiting',
  'dashboard.depositsWaiting': 'Recharges waiting',
  'dashboard.liabilities': 'Liabilities (sum of user balances)',
  'dashboard.lakes': 'Lakes',
  'dashboard.reserves': 'Reserves',
  'dashboard.price': 'Price',
  'users.find': 'uid, wallet or nickname',
  'users.nickname': 'Nickname',
  'users.wallet': 'Wallet',
  'users.level': 'Level',
  'users.referrer': 'Referrer',
  'users.team': 'Direct team',
  'users.frozen': 'Frozen',
  'users.leader': 'Leader',
  'users.balances': 'Balances',
  'users.roles': 'Roles',
  'users.freeze': 'Freeze',
  'users.unfreeze': 'Unfreeze',
  'users.revokeSessions': 'End all sessions',
  'users.adjust': 'Adjust balance',
  'users.adjustAmount': 'Amount (negative takes away)',
  'users.adjustReason': 'Reason',
  'users.setLeader': 'Make leader',
  'users.unsetLeader': 'Remove leader',
  'users.back': 'Back to users',
  'users.yes': 'yes',
  'users.no': 'no',
  'reviews.approve': 'Approve',
  'reviews.reject': 'Reject',
  'reviews.resolve': 'Resolve',
  'reviews.txHash': 'Payout transaction hash (empty: the hot wallet pays)',
  'reviews.rejectReason': 'Reason shown to the user',
  'reviews.voucher': 'Voucher',
  'reviews.to': 'To',
  'reviews.fee': 'Fee',
  'reviews.method': 'Method',
  'reviews.resolvePaid': 'Paid (with hash)',
  'reviews.resolvePending': 'Back to the queue',
  'audit.actor': 'Operator',
  'audit.ip': 'From',
  'audit.action': 'Action',
  'audit.target': 'Target',
  'audit.before': 'Before',
  'audit.after': 'After',
  'audit.when': 'When',
  'audit.actionFilter': 'Action contains',
  'audit.textFilter': 'Any value contains',
  'roles.account': 'Wallet',
  'roles.role': 'Role',
  'roles.seeded': 'From configuration',
  'roles.grant': 'Grant',
  'roles.revoke': 'Revoke',
  'desk.queue': '{{count}} waiting',
  'desk.open': 'Open the desk in the app',
  'config.readOnlyNote': 'Changes through these routes are audited.',
  'nav.adjustments': 'Adjustments to approve',
  'fourEyes.rule': 'Four eyes: adjustments above this amount wait for a second administrator',
  'fourEyes.off': 'off',
  'fourEyes.set': 'Set the amount',
  'fourEyes.above': 'Amount (empty: off)',
  'fourEyes.waiting': 'Waiting for a second administrator',
  'fourEyes.requestedBy': 'Asked by',
};

export type ConsoleKey = keyof typeof en;

const zhTw: Record<ConsoleKey, string> = {
  'app.title': 'Reef 營運後台',
  'signIn.title': '營運後台',
  'signIn.lead': '請以營運人員錢包登入。',
  'signIn.button': '錢包登入',
  'signIn.noWallet': '找不到瀏覽器錢包。',
  'signIn.notOperator': '此錢包沒有營運角色，無法使用後台。',
  'signIn.signOut': '登出',
  'nav.dashboard': '總覽',
  'nav.users': '用戶',
  'nav.withdrawals': '提現審核',
  'nav.deposits': '充值審核',
  'nav.audit': '稽核日誌',
  'nav.roles': '角色',
  'nav.lakes': '湖（兌換池）',
  'nav.mining': '礦機產品',
  'nav.pledge': '質押產品',
  'nav.cards': '卡牌類型',
  'nav.levels': '等級',
  'nav.rewards': '獎勵規則',
  'nav.share': '分享內容',
  'nav.desk': '客服台',
  'nav.group.overview': '總覽',
  'nav.group.reviews': '審核',
  'nav.group.configuration': '設定',
  'nav.group.people': '人員',
  'role.administrator': '管理員',
  'role.operator': '營運',
  'role.auditor': '稽核',
  'role.service_agent': '客服',
  'common.search': '搜尋',
  'common.status': '狀態',
  'common.all': '全部',
  'common.previous': '上一頁',
  'common.next': '下一頁',
  'common.page': '第 {{page}} / {{pages}} 頁 · 共 {{total}} 筆',
  'common.csv': '匯出 CSV',
  'common.loading': '載入中…',
  'common.empty': '沒有資料。',
  'common.failed': '載入失敗：{{message}}',
  'common.confirm': '確認',
  'common.cancel': '取消',
  'common.readOnly': '您的角色無法執行此操作。',
  'common.done': '已完成。',
  'common.actions': '操作',
  'common.created': '建立時間',
  'common.amount': '金額',
  'common.asset': '資產',
  'common.user': '用戶',
  'common.reason': '原因',
  'common.details': '詳情',
  'confirm.title': '再次確認',
  'confirm.typed': '請輸入 {{word}} 以確認',
  'dashboard.usersTotal': '用戶總數',
  'dashboard.usersToday': '今日新增',
  'dashboard.withdrawalsWaiting': '待審提現',
  'dashboard.depositsWaiting': '待審充值',
  'dashboard.liabilities': '平台負債（用戶餘額總和）',
  'dashboard.lakes': '湖',
  'dashboard.reserves': '儲備',
  'dashboard.price': '價格',
  'users.find': 'uid、錢包或暱稱',
  'users.nickname': '暱稱',
  'users.wallet': '錢包',
  'users.level': '等級',
  'users.referrer': '推薦人',
  'users.team': '直推人數',
  'users.frozen': '已凍結',
  'users.leader': '領袖',
  'users.balances': '餘額',
  'users.roles': '角色',
  'users.freeze': '凍結',
  'users.unfreeze': '解凍',
  'users.revokeSessions': '結束所有登入',
  'users.adjust': '調整餘額',
  'users.adjustAmount': '金額（負數為扣除）',
  'users.adjustReason': '原因',
  'users.setLeader': '設為領袖',
  'users.unsetLeader': '取消領袖',
  'users.back': '返回用戶列表',
  'users.yes': '是',
  'users.no': '否',
  'reviews.approve': '核准',
  'reviews.reject': '駁回',
  'reviews.resolve': '處理',
  'reviews.txHash': '出款交易哈希（留空則由熱錢包出款）',
  'reviews.rejectReason': '給用戶的原因',
  'reviews.voucher': '憑證',
  'reviews.to': '收款地址',
  'reviews.fee': '手續費',
  'reviews.method': '方式',
  'reviews.resolvePaid': '已出款（附哈希）',
  'reviews.resolvePending': '退回待審',
  'audit.actor': '操作人',
  'audit.ip': '來源',
  'audit.action': '操作',
  'audit.target': '對象',
  'audit.before': '變更前',
  'audit.after': '變更後',
  'audit.when': '時間',
  'audit.actionFilter': '操作包含',
  'audit.textFilter': '任一值包含',
  'roles.account': '錢包',
  'roles.role': '角色',
  'roles.seeded': '來自設定',
  'roles.grant': '授予',
  'roles.revoke': '撤銷',
  'desk.queue': '{{count}} 位等待中',
  'desk.open': '在 App 中開啟客服台',
  'config.readOnlyNote': '透過這些介面的變更都會記入稽核日誌。',
  'nav.adjustments': '待核准的調整',
  'fourEyes.rule': '雙人覆核：高於此金額的調整須由第二位管理員核准',
  'fourEyes.off': '關閉',
  'fourEyes.set': '設定金額',
  'fourEyes.above': '金額（留空為關閉）',
  'fourEyes.waiting': '等待第二位管理員核准',
  'fourEyes.requestedBy': '申請人',
};

export const CONSOLE_LANGUAGES = { 'zh-tw': zhTw, en } as const;
export type ConsoleLanguage = keyof typeof CONSOLE_LANGUAGES;
const LANGUAGE_KEY = 'reef_console_language';

let language: ConsoleLanguage = readLanguage();
const listeners = new Set<() => void>();

function readLanguage(): ConsoleLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return stored === 'en' ? 'en' : 'zh-tw';
  } catch {
    return 'zh-tw';
  }
}

export function consoleLanguage(): ConsoleLanguage {
  return language;
}

export function setConsoleLanguage(next: ConsoleLanguage): void {
  language = next;
  try {
    localStorage.setItem(LANGUAGE_KEY, next);
  } catch {
    // Kept for this tab only.
  }
  document.documentElement.lang = next === 'en' ? 'en' : 'zh-TW';
  for (const listener of listeners) listener();
}

export function translate(lang: ConsoleLanguage, key: ConsoleKey, values: Record<string, string | number> = {}): string {
  return CONSOLE_LANGUAGES[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export type Translate = (key: ConsoleKey, values?: Record<string, string | number>) => string;

export function useT(): Translate {
  const lang = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => language,
  );
  return (key, values) => translate(lang, key, values);
}
