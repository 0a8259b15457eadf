import { Button, Flex, Text } from '@radix-ui/themes';
import { useRef, useState } from 'react';
import { TrashIcon } from '../../components/icons.js';
import { resizeAvatar } from './resizeAvatar.js';

export interface AvatarFieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  /** Turns the chosen file into the stored data URL; injectable for tests (happy-dom has no canvas). */
  resize?: (file: Blob) => Promise<string | null>;
}

/** Avatar upload and remove (spec part 2 §2): any image, resized in the browser before it is kept. */
export function AvatarField({ value, onChange, disabled, resize = resizeAvatar }: AvatarFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      const dataUrl = await resize(file);
      if (dataUrl) onChange(dataUrl);
    } catch {
      setProblem('This file could not be read as an image.');
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Flex direction="column" gap="2">
      <Text as="div" size="2" weight="medium">
        Avatar Image
      </Text>
      <Flex gap="3" align="center" wrap="wrap">
        {value ? (
          <img src={value} alt="Current avatar" className="sb-avatar-thumb" />
        ) : (
          <Text size="2" color="gray">
            No avatar
          </Text>
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label="Avatar image file"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button type="button" variant="soft" onClick={() => input.current?.click()} disabled={disabled}>
          {value ? 'Change Avatar' : 'Upload Avatar'}
        </Button>
        {value ? (
          <Button type="button" variant="soft" color="red" onClick={() => onChange(null)} disabled={disabled}>
            <TrashIcon /> Remove Avatar
          </Button>
        ) : null}
      </Flex>
      <Text size="1" color={problem ? 'red' : 'gray'} role={problem ? 'alert' : undefined}>
        {problem ?? 'Any image; it is resized to 256 px and saved as a JPEG.'}
      </Text>
    </Flex>
  );
}
