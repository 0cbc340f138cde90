/**
 * Share content (spec §3, decision 066): the title, image and synopsis of a shared invitation per language. A
 * language without its own content falls back to zh-tw, the default, which cannot be removed (the server refuses).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { ColumnDef } from '@tanstack/react-table';
import { DEFAULT_LANGUAGE, LANGUAGES, shareApi, type LanguageCode, type UploadAddress } from '@reef/contract';
import { call } from '../api';
import { Action, Field, formText, Select, TextArea } from '../components/action';
import { DataTable } from '../components/data-table';
import { useT, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';

type Content = z.infer<typeof shareApi.adminShareContent>;

const languageLabel = (code: string) => LANGUAGES.find((l) => l.code === code)?.label ?? code;

function ContentFields({ content, t }: { content?: Content | undefined; t: Translate }) {
  return (
    <>
      <Field label={t('share.title')} name="title" defaultValue={content?.title} required maxLength={shareApi.SHARE_TITLE_MAX} />
      <Field
        label={t('share.image')}
        name="img"
        defaultValue={content?.img ?? ''}
        placeholder="/uploads/….png"
        pattern="^/uploads/[0-9a-f]{64}\.(png|jpg|gif|webp)$"
      />
      <TextArea label={t('share.synopsis')} name="synopsis" defaultValue={content?.synopsis} required maxLength={shareApi.SHARE_SYNOPSIS_MAX} rows={4} />
    </>
  );
}

function contentBody(form: FormData) {
  const img = formText(form, 'img');
  return { title: formText(form, 'title'), img: img ? (img as UploadAddress) : null, synopsis: formText(form, 'synopsis') };
}

function Share() {
  const t = useT();
  const queryClient = useQueryClient();
  const contents = useQuery({ queryKey: ['share'], queryFn: () => call(shareApi.adminListShare) });
  const refresh = () => queryClient.invalidateQueries();
  const set = async (language: LanguageCode, form: FormData) => {
    await call(shareApi.adminSetShare, { params: { language }, body: contentBody(form) });
    await refresh();
  };
  const columns: ColumnDef<Content, unknown>[] = [
    { accessorKey: 'language', header: t('share.language'), cell: (c) => languageLabel(c.row.original.language) },
    { accessorKey: 'title', header: t('share.title') },
    { accessorKey: 'img', header: t('share.image'), cell: (c) => c.row.original.img ?? '—' },
    { accessorKey: 'synopsis', header: t('share.synopsis') },
    { accessorKey: 'updated_by', header: t('share.updatedBy'), cell: (c) => c.row.original.updated_by ?? '—' },
    { accessorKey: 'updated_at', header: t('share.updatedAt') },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: content } }) => (
        <div className="row-actions" data-testid={`share-${content.language}`}>
          <Action
            label={t('articles.edit')}
            variant="ghost"
            endpoint={shareApi.adminSetShare}
            fields={<ContentFields content={content} t={t} />}
            run={(form) => set(content.language, form)}
          />
          {content.language !== DEFAULT_LANGUAGE && (
            <Action
              label={t('share.clear')}
              variant="danger"
              endpoint={shareApi.adminClearShare}
              fields={<p>{t('share.clearNote', { language: languageLabel(content.language) })}</p>}
              run={async () => {
                await call(shareApi.adminClearShare, { params: { language: content.language } });
                await refresh();
              }}
            />
          )}
        </div>
      ),
    },
  ];
  return (
    <>
      <h1>{t('nav.share')}</h1>
      <p className="note">{t('share.note')}</p>
      <Action
        label={t('share.set')}
        endpoint={shareApi.adminSetShare}
        testId="set-share"
        fields={
          <>
            <Select
              label={t('share.language')}
              name="language"
              values={LANGUAGES.map((l) => l.code)}
              value={LANGUAGES.find((l) => !contents.data?.list.some((c) => c.language === l.code))?.code}
              show={languageLabel}
            />
            <ContentFields t={t} />
          </>
        }
        run={(form) => set(formText(form, 'language') as LanguageCode, form)}
      />
      <DataTable name="share" columns={columns} rows={contents.data?.list} error={contents.error} />
    </>
  );
}

export const page: ConsolePage = { path: '/share', group: 'configuration', order: 6, title: 'nav.share', reads: shareApi.adminListShare, component: Share };
