// Message pages: placeholders until the message area is built.
import { Placeholder } from '../shell/Placeholder';

export const MessagePage = () => <Placeholder titleKey="page.messages" />;
