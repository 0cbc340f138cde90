export { userInfoQueryKey, userInfoQueryOptions, useUserInfo } from './api/get-user-info';
export { BalanceList } from './components/balance-list';
export { BindReferrerCard } from './components/bind-referrer-card';
export { ProfileCard } from './components/profile-card';
export { ProfileForm } from './components/profile-form';
export { LanguageSelect } from './components/language-select';
export { PayPasswordForm } from './components/pay-password-form';
export { PhoneBindCard } from './components/phone-bind-card';
