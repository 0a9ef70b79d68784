import { useEffect, useState } from 'react';

/**
 * `text` as a QR code image (an SVG `data:` URL, which the CSP allows for images), or undefined
 * while the QR library loads: it is fetched only when a view needs it. If it cannot be drawn,
 * the caller's text alternative (the setup key) still works.
 */
export function useQrCode(text: string): string | undefined {
    const [image, setImage] = useState<{ text: string; url: string }>();
    useEffect(() => {
        let active = true;
        import('qrcode')
            .then(({ default: QRCode }) =>
                QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
            )
            .then((svg) => {
                if (active)
                    setImage({
                        text,
                        url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
                    });
            })
            .catch((error: unknown) =>
                console.warn(
                    'The QR code could not be drawn; the setup key is shown as text',
                    error,
                ),
            );
        return () => {
            active = false;
        };
    }, [text]);
    return image?.text === text ? image.url : undefined;
}
