// Lazily loaded back-office pages of the remote judge.
export { RemoteImportPage } from '../problem/RemoteImportPage';
export { RemoteAccountsPage } from './RemoteAccountsPage';
