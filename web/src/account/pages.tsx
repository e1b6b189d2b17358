// Account pages not built yet.
import { Placeholder } from '../shell/Placeholder';

export const Settings = () => <Placeholder titleKey="page.settings" />;
export const UserHome = () => <Placeholder titleKey="page.userHome" />;
