// Contest replay pages (issue #27 item 4).
import { ReplayPage } from './ReplayPage';

export const ContestReplay = () => <ReplayPage />;
