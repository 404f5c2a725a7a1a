/**
 * A lesson's resources on its edit screen (issue 26 item 2, decision 0079): the files it carries, each
 * deletable, and a form to add one: choose a file (the allowed types only), name it, and it uploads
 * straight to storage with its progress shown, then is attached to the lesson.
 */
import {
  attachResourceRequestSchema,
  RESOURCE_CONTENT_TYPES,
  type ResourceContentType,
} from '@lectio/contracts/resources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FileField, type FileKinds } from '~/components/ui/form/FileField';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { applyServerErrors } from '~/components/ui/form/server-errors';
import { PanelSection } from '~/components/ui/PanelSection';
import { actionClassName, errorTextClassName } from '~/components/ui/ui-classes';
import { failureDetails, serverMessageOr } from '~/features/catalog/error-text';
import { errorMessage } from '~/lib/api-errors';
import { formatFileSize } from '~/lib/file-size';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { UploadProgress } from './UploadProgress';
import { uploadCourseMedia } from './upload';

const TYPE_BY_EXTENSION = new Map<string, ResourceContentType>(
  Object.entries(RESOURCE_CONTENT_TYPES).map(([type, extension]) => [extension, type as ResourceContentType]),
);

/** The allowed type a file is: its own when the browser names an allowed one, else by its extension. */
export function resourceContentType(file: File): ResourceContentType | null {
  if (Object.hasOwn(RESOURCE_CONTENT_TYPES, file.type)) return file.type as ResourceContentType;
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return TYPE_BY_EXTENSION.get(extension) ?? null;
}

const RESOURCE_FILES: FileKinds = {
  accept: [...Object.keys(RESOURCE_CONTENT_TYPES), ...[...TYPE_BY_EXTENSION.keys()].map((e) => `.${e}`)].join(
    ',',
  ),
  allows: (file) => resourceContentType(file) !== null,
};

const resourceFormSchema = attachResourceRequestSchema.pick({ title: true });

export function LessonResourcesEditor({ lectureId, courseId }: { lectureId: string; courseId: string }) {
  const queryClient = useQueryClient();
  const resources = useQuery(
    trpc.resources.list.queryOptions({ lectureId }, { select: (body) => body.data.resources }),
  );
  const attach = useMutation(trpc.resources.attach.mutationOptions());
  const deletion = useMutation(trpc.resources.delete.mutationOptions());
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.resources.list.queryFilter({ lectureId }));

  const form = useAppForm({
    ...schemaForm(resourceFormSchema, { title: '' }),
    onSubmit: async ({ value, formApi }) => {
      const contentType = file ? resourceContentType(file) : null;
      if (!file || !contentType) {
        setMessage(COURSE_ADMIN_TEXT.chooseResourceFile);
        return;
      }
      setMessage(null);
      try {
        setUploaded(0);
        const { key } = await uploadCourseMedia(
          { kind: 'resource', courseId, file, contentType },
          { onProgress: setUploaded },
        );
        const response = await attach.mutateAsync({
          lectureId,
          key,
          title: value.title,
          fileName: file.name,
        });
        toast.success(response.message);
        formApi.reset();
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        await refresh();
      } catch (error) {
        const server = applyServerErrors(formApi, error);
        const { status, message: failure } = failureDetails(error, COURSE_ADMIN_TEXT.resourceFailed);
        setMessage(server ?? COURSE_ADMIN_TEXT.uploadFailed(status, failure));
      } finally {
        setUploaded(null);
      }
    },
  });

  async function remove(id: string, title: string) {
    if (deletion.isPending || !window.confirm(COURSE_ADMIN_TEXT.deleteResourceConfirm(title))) return;
    try {
      const response = await deletion.mutateAsync({ resourceId: id });
      toast.success(response.message);
      await refresh();
    } catch (error) {
      toast.error(serverMessageOr(error, COURSE_ADMIN_TEXT.resourceFailed));
    }
  }

  return (
    <PanelSection
      title={COURSE_ADMIN_TEXT.resources}
      hint={COURSE_ADMIN_TEXT.resourcesHint}
      className="space-y-4"
    >
      {resources.isPending ? (
        <p role="status">{COURSE_ADMIN_TEXT.loadingResources}</p>
      ) : resources.isError ? (
        <p role="alert" className={errorTextClassName}>
          {errorMessage(resources.error)}
        </p>
      ) : resources.data.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{COURSE_ADMIN_TEXT.noResources}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {resources.data.map((resource) => (
            <li key={resource._id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium">{resource.title}</p>
                <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                  {resource.fileName} · {formatFileSize(resource.size)}
                </p>
              </div>
              <button
                type="button"
                onClick={() => void remove(resource._id, resource.title)}
                aria-label={COURSE_ADMIN_TEXT.deleteResource(resource.title)}
                className={actionClassName('dangerOutline', 'small')}
              >
                {COURSE_ADMIN_TEXT.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
      <InlineForm
        form={form}
        label={COURSE_ADMIN_TEXT.addResource}
        submit={
          uploaded === null ? COURSE_ADMIN_TEXT.addResource : COURSE_ADMIN_TEXT.uploadingLecture(uploaded)
        }
        cancel={COURSE_ADMIN_TEXT.cancel}
        message={message}
      >
        <FileField
          ref={fileInput}
          id="resource-file"
          label={COURSE_ADMIN_TEXT.resourceFile}
          hint={COURSE_ADMIN_TEXT.resourceFileHint}
          takes={RESOURCE_FILES}
          refusal={COURSE_ADMIN_TEXT.resourceFileRefused}
          onFile={(chosen) => {
            setFile(chosen);
            setMessage(null);
            if (chosen && !form.getFieldValue('title').trim()) {
              form.setFieldValue('title', chosen.name.replace(/\.[^.]+$/, ''));
            }
          }}
        />
        <form.AppField name="title">
          {(field) => (
            <field.TextField id="resource-title" label={COURSE_ADMIN_TEXT.resourceTitle} required />
          )}
        </form.AppField>
        {uploaded !== null ? (
          <UploadProgress percent={uploaded} label={COURSE_ADMIN_TEXT.resourceUploadProgress} />
        ) : null}
      </InlineForm>
    </PanelSection>
  );
}
