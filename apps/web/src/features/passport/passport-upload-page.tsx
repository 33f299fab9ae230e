import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useApplicationsQuery, useDocumentsQuery, type ApplicationDto } from '../../api/applications.js';
import { useUploadPassportMutation } from '../../api/passport-upload.js';
import { serverMessage, type UploadProgress } from '../../api/client.js';
import { documentFileUrl } from '@core/domain/document.js';
import { FileUpload } from '../../components/file-upload.js';
import { Badge } from '../../components/ui/badge.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { formatDayAndTime, personName } from '@core/domain/wording.js';
import { toast } from '../../lib/toast-store.js';
import { fileRefusal } from '../../lib/form-errors.js';
import { ErrorSummary, type FormProblem } from '../../components/error-summary.js';
import { checkPassportFile, PASSPORT_PHOTO_ACCEPT } from '../../lib/file-rules.js';
import { shownMessage } from '../../lib/shown-message.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { isolate } from '../../lib/bidi.js';
import { useT } from '../../lib/i18n.js';

/** docs/product.md §14.2: back to the dashboard 2 s after a successful re-upload. */
export const RETURN_DELAY_MS = 2000;

const FILE_ID = 'reupload-file';

/** What is wrong: the chosen file (refused when chosen or by the server), or the upload as a whole. */
type UploadProblem = { file?: string; form?: string };

export function PassportUploadPage() {
  const { t } = useT();
  const { applicationId } = useSearch({ from: '/_authed/passport-upload' });
  const applications = useApplicationsQuery();
  const [progress, setProgress] = useState<UploadProgress>(0);
  // docs/product.md §14.5: the file's problem beside the control; a failure of no field in the summary alone.
  const [problem, setProblem] = useState<UploadProblem>({});
  const [attempts, setAttempts] = useState(0);
  const upload = useUploadPassportMutation({
    onSuccess: () => {
      toast({ title: t('Passport Uploaded Successfully!'), description: t('Your new passport copy has been submitted for review.') });
    },
    onError: (error) => {
      const refused = fileRefusal(error);
      setProblem(refused ? { file: refused } : { form: serverMessage(error) ?? t('Failed to upload document. Please try again.') });
      setAttempts((n) => n + 1);
    },
    onSettled: () => setProgress(0),
  });
  const application = applications.data?.find((a) => a.id === applicationId);

  if (applications.isLoading) return <PageSpinner label={t('Loading your application')} />;
  if (!application) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <CardContent className="space-y-4 pt-8">
            <h1 className="text-2xl font-semibold text-slate-900">{t('Application Not Found')}</h1>
            <p className="text-slate-600">{t('We could not find this application in your account.')}</p>
            <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
              {t('Go to Dashboard')}
            </Link>
          </CardContent>
        </Card>
      </div>
    );
  }
  // The refetch after an upload clears requiresPassportReupload: the page stays on the upload until it is done.
  if (!application.requiresPassportReupload && !upload.isPending && !upload.isSuccess) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <CardContent className="space-y-4 pt-8">
            <h1 className="text-2xl font-semibold text-slate-900">{t('Passport Upload Not Required')}</h1>
            <p className="text-slate-600">{t('Our team has not asked for a new passport copy for this application.')}</p>
            <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
              {t('Go to Dashboard')}
            </Link>
          </CardContent>
        </Card>
      </div>
    );
  }
  return (
    <PassportReupload
      application={application}
      uploaded={upload.isSuccess}
      pending={upload.isPending}
      progress={progress}
      problem={problem}
      attempts={attempts}
      onChoose={(fileProblem) => setProblem(fileProblem ? { file: fileProblem } : {})}
      onUpload={(file) => {
        setProblem({});
        upload.mutate({ applicationId: application.id, file, onProgress: setProgress });
      }}
    />
  );
}

function PassportReupload({
  application,
  uploaded,
  pending,
  progress,
  problem,
  attempts,
  onChoose,
  onUpload,
}: {
  application: ApplicationDto;
  uploaded: boolean;
  pending: boolean;
  progress: UploadProgress;
  problem: UploadProblem;
  /** Failed uploads: the error summary takes the focus at each. */
  attempts: number;
  /** A file was chosen: its problem (refused by type), or null when it may be sent. */
  onChoose: (fileProblem: string | null) => void;
  onUpload: (file: File) => void;
}) {
  const words = useT();
  const { t, intl, dir } = words;
  const navigate = useNavigate();
  const documents = useDocumentsQuery(application.id);
  const [file, setFile] = useState<File | null>(null);
  const current = [...(documents.data ?? [])].filter((d) => d.type === 'passport').sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))[0];

  useEffect(() => {
    if (!uploaded) return;
    const timer = window.setTimeout(() => void navigate({ to: '/dashboard' }), RETURN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [uploaded, navigate]);

  const onSelect = (selected: File | null, input: HTMLInputElement) => {
    if (!selected) return;
    // On this page the 10MB limit is stated in the instructions; the server enforces it.
    const check = checkPassportFile(selected, { enforceSize: false, heic: true });
    if (!check.ok) {
      // Beside the control, announced — not a toast (issue 37).
      onChoose(check.description);
      input.value = '';
      return;
    }
    onChoose(null);
    setFile(selected);
  };
  const problems: FormProblem[] = [...(problem.file && attempts > 0 ? [{ fieldId: FILE_ID, message: problem.file }] : []), ...(problem.form ? [{ message: problem.form }] : [])];

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle as="h1" className="text-2xl">
                {t('Passport Re-upload')}
              </CardTitle>
              <p className="mt-1 text-sm text-slate-600">
                {t('Application {number} — {name}', {
                  number: isolate(application.applicationNumber || `#${application.id}`, dir),
                  name: isolate(personName(`${application.givenName} ${application.surname}`), dir),
                })}
              </p>
            </div>
            <Badge tone="orange">{t('Additional Info Required')}</Badge>
          </div>
        </CardHeader>
        <CardContent className="space-y-6">
          {uploaded ? (
            <div role="status" className="space-y-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
              <p className="font-semibold">{t('Upload Successful')}</p>
              <p className="text-sm">{t('Your new passport copy has been submitted for review. Returning to your dashboard…')}</p>
              <Link to="/dashboard" className={buttonClasses('primary', 'sm')}>
                {t('Return to Dashboard')}
              </Link>
            </div>
          ) : (
            <>
              <ErrorSummary problems={problems} focusKey={attempts} />
              {application.additionalInfoMessage ? (
                <div className="rounded-lg border border-orange-300 bg-orange-50 p-4 text-sm text-orange-950">
                  <p className="font-semibold">{t('Message from our review team')}</p>
                  <p className="mt-1 whitespace-pre-line">
                    <bdi>{application.additionalInfoMessage}</bdi>
                  </p>
                </div>
              ) : null}
              <div>
                <h2 className="font-semibold text-slate-900">{t('Instructions')}</h2>
                <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-700">
                  <li>{t("Upload a clear, high-quality scan or photo of your passport's photo page.")}</li>
                  <li>{t('All text, including the two lines at the bottom, must be readable.')}</li>
                  <li>{t('Accepted formats: JPG, PNG, HEIC (iPhone photos) or PDF.')}</li>
                  <li>{t('Maximum file size: 10MB.')}</li>
                </ul>
              </div>
              {current ? (
                <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
                  <Sentence
                    text={t('Current passport document: {file}, uploaded {when}', { file: slot('file'), when: formatDayAndTime(current.uploadedAt, intl) })}
                    parts={{
                      file: (
                        <a href={documentFileUrl(current.id)} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline">
                          <bdi>{current.fileName}</bdi>
                        </a>
                      ),
                    }}
                  />
                </p>
              ) : null}
              <FileUpload
                inputId={FILE_ID}
                label={t('New passport copy')}
                description={t('JPG, PNG, HEIC or PDF')}
                accept={PASSPORT_PHOTO_ACCEPT}
                required
                file={file}
                progress={progress}
                disabled={pending}
                onSelect={onSelect}
                describedBy={problem.file ? `${FILE_ID}-error` : undefined}
                invalid={Boolean(problem.file)}
              />
              {problem.file ? (
                <p id={`${FILE_ID}-error`} role="alert" className="-mt-4 text-sm text-red-600">
                  {shownMessage(words, problem.file)}
                </p>
              ) : null}
              <Button className="w-full" disabled={!file || pending} onClick={() => file && !pending && onUpload(file)}>
                {pending ? t('Uploading...') : t('Upload Passport')}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
