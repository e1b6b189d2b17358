// Account pages: settings and the user home.
import SettingsPage from './SettingsPage';
import UserHomePage from './UserHomePage';

export const Settings = () => <SettingsPage />;
export const UserHome = () => <UserHomePage />;
