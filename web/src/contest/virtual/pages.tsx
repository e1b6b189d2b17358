// Virtual participation pages (issue #27).
import { VirtualPage } from './VirtualPage';

export const VirtualContest = () => <VirtualPage />;
