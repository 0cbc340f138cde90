export { AuthProvider } from './components/auth-provider';
export { useAuth } from './components/auth-context';
export { NotLoggedIn } from './components/not-logged-in';
export { LogoutButton } from './components/logout-button';
