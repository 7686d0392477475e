import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';

/** A button that saves a file: the download icon before its words (smaller on an `xs` button). */
export function DownloadButton(props: ButtonProps & ComponentPropsWithoutRef<'button'>) {
  return <Button leftSection={<IconDownload size={props.size === 'xs' ? 14 : 16} />} {...props} />;
}
