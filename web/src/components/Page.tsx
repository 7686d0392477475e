import { Center, Loader } from '@mantine/core';
import { PRODUCT_NAME } from '@punchclock/contract';
import { Suspense, type ReactNode } from 'react';

/** One screen: its browser title, and a spinner while its code loads. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </>
  );
}

/** As tall as the screen, so nothing below it (the footer) is seen moving when the page arrives. */
export function PageLoader() {
  return (
    <Center mih="100dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
