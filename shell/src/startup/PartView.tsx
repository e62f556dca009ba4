/**
 * A page of the shell that is a download of its own (partLoader.ts): rendered at once when the download
 * is there, after `fallback` while it comes, and, should it fail (the network), as a message with a retry
 * button in its place.
 */
import { Suspense, use, useState, type ComponentType, type ReactNode } from 'react';
import { RetryBoundary } from '../components/RetryBoundary';
import type { PartLoader } from './partLoader';

interface PartViewProps<M> {
  part: PartLoader<M>;
  fallback: ReactNode;
  /** the failure's message (a page that could not be downloaded) with its retry button: PlainLoadFailed */
  Failed: ComponentType<{ onRetry: () => void }>;
  children: (module: M) => ReactNode;
}

export function PartView<M>({ part, fallback, Failed, children }: PartViewProps<M>) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    // the download again, from a new boundary's render
    part.reset();
    setAttempt((n) => n + 1);
  };
  const failed = <Failed onRetry={retry} />;
  return (
    <RetryBoundary key={attempt} label="shell page" failed={failed}>
      <Suspense fallback={fallback}>
        <LoadedPart part={part}>{children}</LoadedPart>
      </Suspense>
    </RetryBoundary>
  );
}

function LoadedPart<M>({ part, children }: Pick<PartViewProps<M>, 'part' | 'children'>) {
  return children(part.loaded() ?? use(part.load()));
}
