// Site ranking pages (spec §2 Site rankings).
import { RankPage } from './RankPage';

export const AcmRank = () => <RankPage oi={false} />;
export const OiRank = () => <RankPage oi />;
