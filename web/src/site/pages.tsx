// Site-wide ranking pages: placeholders until the rank lists are built.
import { Placeholder } from '../shell/Placeholder';

export const AcmRank = () => <Placeholder titleKey="page.acmRank" />;
export const OiRank = () => <Placeholder titleKey="page.oiRank" />;
