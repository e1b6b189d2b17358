// Settings: the group avatar (spec §2.11, §5): gif/jpg/jpeg/png/bmp/webp up to 2 MB, cropped in the
// browser to a 200×200 PNG (a square around the centre, moved and zoomed by the sliders), uploaded
// to /api/file/upload-group-avatar; the group reloads after.
import { Button, FileInput, Slider } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/client';
import { toast } from '../shell/toaster';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES, AVATAR_SIZE, avatarFileError, cropSquare } from './rules';

export function GroupAvatarUpload({ gid, onUploaded }: { gid: number; onUploaded(): void }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0.5, y: 0.5 });
  const [busy, setBusy] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const c = canvas.current;
    if (!c || !image) return;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const r = cropSquare(image.naturalWidth, image.naturalHeight, zoom, offset.x, offset.y);
    ctx.clearRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
    ctx.drawImage(image, r.sx, r.sy, r.side, r.side, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  }, [image, zoom, offset]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const error = avatarFileError(file.name, file.size);
    if (error) {
      toast.warning(t(`groupUi.${error}`));
      return;
    }
    const img = new Image();
    img.onload = () => {
      setImage(img);
      setZoom(1);
      setOffset({ x: 0.5, y: 0.5 });
    };
    img.src = URL.createObjectURL(file);
  };

  const upload = async () => {
    const c = canvas.current;
    if (!c) return;
    setBusy(true);
    try {
      const blob = await new Promise<Blob | null>((resolve) => c.toBlob(resolve, 'image/png'));
      if (!blob) return;
      const form = new FormData();
      form.append('image', blob, 'avatar.png');
      form.append('gid', String(gid));
      await http.envelope('POST', '/api/file/upload-group-avatar', { params: { gid }, body: form });
      toast.success(t('groupUi.avatarUploaded'));
      setImage(null);
      onUploaded();
    } catch {
      // message shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oj-group-avatar-upload" data-testid="group-avatar-upload">
      <FileInput
        text={t('groupUi.chooseAvatar')}
        buttonText={t('groupUi.browse')}
        inputProps={
          {
            accept: AVATAR_EXTENSIONS.map((e) => `.${e}`).join(','),
            'data-testid': 'group-avatar-file',
          } as never
        }
        onInputChange={(e) => pick((e.target as HTMLInputElement).files?.[0])}
      />
      <small>{t('groupUi.avatarRule', { mb: AVATAR_MAX_BYTES / 1024 / 1024, size: AVATAR_SIZE })}</small>
      {image && (
        <div className="oj-group-avatar-crop">
          <canvas ref={canvas} width={AVATAR_SIZE} height={AVATAR_SIZE} data-testid="group-avatar-canvas" />
          <div className="oj-group-avatar-sliders">
            <label>
              {t('groupUi.zoom')}
              <Slider min={1} max={4} stepSize={0.1} labelRenderer={false} value={zoom} onChange={setZoom} />
            </label>
            <label>
              ↔
              <Slider
                min={0}
                max={1}
                stepSize={0.01}
                labelRenderer={false}
                value={offset.x}
                onChange={(x) => setOffset((o) => ({ ...o, x }))}
              />
            </label>
            <label>
              ↕
              <Slider
                min={0}
                max={1}
                stepSize={0.01}
                labelRenderer={false}
                value={offset.y}
                onChange={(y) => setOffset((o) => ({ ...o, y }))}
              />
            </label>
            <Button
              intent="primary"
              loading={busy}
              onClick={() => void upload()}
              data-testid="group-avatar-submit"
            >
              {t('groupUi.upload')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
