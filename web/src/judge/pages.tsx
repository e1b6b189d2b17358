// Submission pages (spec §2 Submission list, Submission detail).
import { SubmissionDetailPage } from './SubmissionDetailPage';
import { SubmissionListPage } from './SubmissionListPage';

export const SubmissionList = () => <SubmissionListPage />;
export const SubmissionDetails = () => <SubmissionDetailPage />;
