/**
 * Spec section 3: Product as stored, plus what the product needs: the seller's uid, the booked,
 * reported, advertised and available states.
 */
export type ProductDocument = {
  _id: string;
  productName: string;
  picture: string;
  address: string;
  year: number;
  buyingPrice: number;
  sellingPrice: number;
  sellerName: string;
  condition: 'Good' | 'Excelent' | 'Fair';
  phone: string;
  about: string;
  postTime: string;
  Brand: string;
  email: string;
  sellerEmail: string;
  sellerUid: string;
  booked: boolean;
  bookedBy: string | null;
  reported: boolean;
  advertised: boolean;
  available: boolean;
};

/** A product as answered: whether its seller is verified is read from the sellers read model. */
export type Product = ProductDocument & { sellerVerified: boolean };
