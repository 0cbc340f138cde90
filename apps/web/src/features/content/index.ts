export { ArticleList } from './components/article-list';
export { ArticleView } from './components/article-view';
export { parseArticleId, parseArticleKind } from './model/article-kind';
export { AnnouncementTicker } from './components/announcement-ticker';
