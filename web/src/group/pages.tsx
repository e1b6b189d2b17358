// Group pages: placeholders until the group area is built.
import { Placeholder } from '../shell/Placeholder';

export const GroupList = () => <Placeholder titleKey="page.groupList" />;
export const GroupArea = () => <Placeholder titleKey="page.groupHome" />;
