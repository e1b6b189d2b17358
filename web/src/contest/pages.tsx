// Contest pages: placeholders until the contest area is built.
import { Placeholder } from '../shell/Placeholder';

export const ContestList = () => <Placeholder titleKey="page.contestList" />;
export const ContestArea = () => <Placeholder titleKey="page.contestHome" />;
export const Scoreboard = () => <Placeholder titleKey="page.scoreboard" />;
