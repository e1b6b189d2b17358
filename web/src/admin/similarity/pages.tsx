// Lazily loaded back-office pages of the code similarity reports (issue #28).
export { SimilarityListPage, SimilarityReportPage } from './SimilarityPages';
