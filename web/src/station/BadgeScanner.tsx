import { Alert, Box, Text } from '@mantine/core';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';

/** Reads QR badges from the camera: frames are drawn to a canvas and decoded with jsQR, four times a second. */
export function BadgeScanner({
  onScan,
  paused = false,
}: {
  onScan: (text: string) => void;
  paused?: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let last = '';
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        setError('The camera is not available. Allow camera access, or type the Employee ID instead.');
        return;
      }
      const v = video.current;
      if (!v) return;
      v.srcObject = stream;
      await v.play().catch(() => undefined);
      timer = setInterval(() => {
        if (paused || !ctx || v.readyState < 2 || v.videoWidth === 0) return;
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        ctx.drawImage(v, 0, 0);
        const code = jsQR(
          ctx.getImageData(0, 0, canvas.width, canvas.height).data,
          canvas.width,
          canvas.height,
          { inversionAttempts: 'dontInvert' },
        );
        // The same badge held in front of the camera is read once, not once per frame.
        if (code?.data && code.data !== last) {
          last = code.data;
          onScanRef.current(code.data);
          setTimeout(() => {
            last = '';
          }, 5000);
        }
      }, 250);
    })();
    return () => {
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [paused]);

  if (error)
    return (
      <Alert color="yellow" title="Camera">
        {error}
      </Alert>
    );
  return (
    <Box>
      <video
        ref={video}
        muted
        playsInline
        aria-label="Badge scanner camera"
        style={{ width: '100%', maxHeight: 320, borderRadius: 8, background: '#000', objectFit: 'cover' }}
      />
      <Text size="sm" c="dimmed" ta="center" mt={4}>
        Hold your badge's QR code up to the camera.
      </Text>
    </Box>
  );
}
