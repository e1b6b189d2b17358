// Submission pages: placeholders until the judge area is built.
import { Placeholder } from '../shell/Placeholder';

export const SubmissionList = () => <Placeholder titleKey="page.submissionList" />;
export const SubmissionDetails = () => <Placeholder titleKey="page.submissionDetails" />;
