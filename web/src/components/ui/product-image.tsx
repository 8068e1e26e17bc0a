import { imageUrl } from '@/lib/format.ts';
import placeholder from '@/assets/phone-placeholder.svg';

/** A product's picture, or the drawn phone when it has none or it cannot be loaded. */
export function ProductImage({
  picture,
  alt,
  className,
  lazy = false,
}: {
  picture: string;
  alt: string;
  className: string;
  lazy?: boolean;
}) {
  return (
    <img
      className={className}
      src={imageUrl(picture) || placeholder}
      alt={alt}
      loading={lazy ? 'lazy' : undefined}
      onError={(event) => {
        event.currentTarget.src = placeholder;
      }}
    />
  );
}

/** A product's thumbnail in a table, whose row already names the product. */
export function ProductThumbnail({ picture }: { picture: string }) {
  return <ProductImage className="table__thumb" picture={picture} alt="" />;
}
