// Lazily loaded pages of the code similarity reports (issue #28): the back office's, and the same
// screens for a contest's, training's or group problem's own admins outside it.
export {
  SimilarityListPage,
  SimilarityReportPage,
  SimilarityScopePage,
  SimilarityScopeReportPage,
} from './SimilarityPages';
