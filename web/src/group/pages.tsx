// Group pages (spec part3 §2.1–§2.12): the list and the group area.
export { GroupListPage as GroupList } from './GroupListPage';
export { GroupArea } from './GroupArea';
export { GroupProblemReview } from './GroupProblemReview';
