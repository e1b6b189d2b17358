// Back-office pages: placeholders until the admin area is built.
import { Placeholder } from '../shell/Placeholder';

export const AdminLogin = () => <Placeholder titleKey="page.adminLogin" />;
export const AdminHome = () => <Placeholder titleKey="page.adminHome" />;
