// Discussion pages: placeholders until the discussion area is built.
import { Placeholder } from '../shell/Placeholder';

export const DiscussionList = () => <Placeholder titleKey="page.discussionList" />;
export const DiscussionDetail = () => <Placeholder titleKey="page.discussionDetail" />;
