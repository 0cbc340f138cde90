import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ARTICLE_KINDS, contentApi, LANGUAGES, type LanguageCode, type AdminArticle, type ArticleKind } from '@reef/contract';
import { call } from '../api';
import { Action, Field } from '../components/action';
import { DataTable } from '../components/data-table';
import { usePaged } from '../components/use-paged';
import { useT, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

/** The two languages every article is written in; the app's other four are optional (the reader falls back). */
const REQUIRED_LANGUAGES: readonly LanguageCode[] = ['zh-tw', 'en-us'];
const OPTIONAL_LANGUAGES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code).filter((code) => !REQUIRED_LANGUAGES.includes(code));
const languageLabel = (code: string) => LANGUAGES.find((l) => l.code === code)?.label ?? code;

function TextFields({ language, article, required, t }: { language: LanguageCode; article?: AdminArticle; required: boolean; t: Translate }) {
  const text = article?.texts.find((x) => x.language === language);
  return (
    <fieldset className="article-text">
      <legend>{languageLabel(language)}</legend>
      <Field
        label={`${t('articles.title')} (${languageLabel(language)})`}
        name={`title:${language}`}
        defaultValue={text?.title}
        required={required}
        maxLength={contentApi.ARTICLE_TITLE_MAX}
      />
      <label className="field">
        <span>{`${t('articles.body')} (${languageLabel(language)})`}</span>
        <textarea name={`body:${language}`} defaultValue={text?.body} required={required} maxLength={contentApi.ARTICLE_BODY_MAX} rows={5} />
      </label>
    </fieldset>
  );
}

function ArticleFields({ article, t }: { article?: AdminArticle; t: Translate }) {
  return (
    <>
      <label className="field">
        <span>{t('articles.kind')}</span>
        <select name="kind" defaultValue={article?.kind ?? 'announcement'}>
          {ARTICLE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`articles.kind.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field field--check">
        <input type="checkbox" name="pinned" defaultChecked={article?.pinned ?? false} /> {t('articles.pinned')}
      </label>
      {REQUIRED_LANGUAGES.map((language) => (
        <TextFields key={language} language={language} article={article} required={!article} t={t} />
      ))}
      <details>
        <summary>{t('articles.moreLanguages')}</summary>
        {OPTIONAL_LANGUAGES.map((language) => (
          <TextFields key={language} language={language} article={article} required={false} t={t} />
        ))}
      </details>
    </>
  );
}

/** The texts the form filled: a language counts when its title or body is written (the server checks both). */
function textsOf(form: FormData) {
  return [...REQUIRED_LANGUAGES, ...OPTIONAL_LANGUAGES].flatMap((language) => {
    const title = String(form.get(`title:${language}`) ?? '').trim();
    const body = String(form.get(`body:${language}`) ?? '').trim();
    return title || body ? [{ language, title, body }] : [];
  });
}

function titleOf(article: AdminArticle, lang: string): string {
  return (article.texts.find((x) => x.language === lang) ?? article.texts.find((x) => x.language === 'zh-tw') ?? article.texts[0])?.title ?? '';
}

interface ArticleChange {
  kind?: ArticleKind;
  pinned?: boolean;
  hidden?: boolean;
  texts?: { language: string; title: string; body: string }[];
}

function Articles() {
  const t = useT();
  const queryClient = useQueryClient();
  const { table } = usePaged(contentApi.adminListArticles, {});
  const refresh = () => queryClient.invalidateQueries();
  const lang = t('articles.textLanguage');
  const update = async (id: number, body: ArticleChange) => {
    await call(contentApi.adminUpdateArticle, { params: { id }, body });
    await refresh();
  };
  const columns: ColumnDef<AdminArticle, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'kind', header: t('articles.kind'), cell: (c) => t(`articles.kind.${c.row.original.kind}`) },
    { id: 'title', header: t('articles.title'), accessorFn: (a) => titleOf(a, lang) },
    { id: 'languages', header: t('articles.languages'), accessorFn: (a) => a.texts.map((x) => languageLabel(x.language)).join(', ') },
    { accessorKey: 'pinned', header: t('articles.pinned'), cell: (c) => (c.row.original.pinned ? t('users.yes') : '') },
    { accessorKey: 'hidden', header: t('articles.hidden'), cell: (c) => (c.row.original.hidden ? t('users.yes') : '') },
    { accessorKey: 'published_at', header: t('articles.published') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: a } }) => (
        <div className="row-actions" data-testid={`article-${a.id}`}>
          <Action
            label={t('articles.edit')}
            variant="ghost"
            endpoint={contentApi.adminUpdateArticle}
            fields={<ArticleFields article={a} t={t} />}
            run={(form) => update(a.id, { kind: String(form.get('kind')) as ArticleKind, pinned: form.get('pinned') === 'on', texts: textsOf(form) })}
          />
          <Action
            label={a.pinned ? t('articles.unpin') : t('articles.pin')}
            variant="ghost"
            endpoint={contentApi.adminUpdateArticle}
            run={() => update(a.id, { pinned: !a.pinned })}
          />
          <Action
            label={a.hidden ? t('articles.show') : t('articles.hide')}
            variant={a.hidden ? 'ghost' : 'danger'}
            endpoint={contentApi.adminUpdateArticle}
            confirm={() => `${a.hidden ? t('articles.show') : t('articles.hide')} #${a.id}: ${titleOf(a, lang)}`}
            run={() => update(a.id, { hidden: !a.hidden })}
          />
        </div>
      ),
    },
  ];
  return (
    <>
      <h1>{t('nav.articles')}</h1>
      <p className="note">{t('articles.note')}</p>
      <Action
        label={t('articles.create')}
        endpoint={contentApi.adminCreateArticle}
        testId="create-article"
        fields={<ArticleFields t={t} />}
        run={async (form) => {
          await call(contentApi.adminCreateArticle, {
            body: { kind: String(form.get('kind')) as ArticleKind, pinned: form.get('pinned') === 'on', texts: textsOf(form) },
          });
          await refresh();
        }}
      />
      <DataTable name="articles" columns={columns} {...table} />
    </>
  );
}

export const page: ConsolePage = {
  path: '/articles',
  group: 'configuration',
  order: 20,
  title: 'nav.articles',
  reads: contentApi.adminListArticles,
  component: Articles,
};
